/** css-tree's tokenizer and its decoders, loaded on their own (the whole package brings its CSS grammar, slow to load). */
declare module 'css-tree/tokenizer' {
  export { tokenize, tokenTypes } from 'css-tree';
}
declare module 'css-tree/utils' {
  export { ident, string, url } from 'css-tree';
}
