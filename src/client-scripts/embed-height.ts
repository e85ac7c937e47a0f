/**
 * Embed auto-height, child side: tells the parent page how tall this document
 * is whenever that changes, as `{ type: 'portal-roadmap:height', height }`,
 * posted only to the parent origins the site allows (embed.allowedOrigins).
 * postMessage with a target origin delivers only when the parent really has
 * that origin, so posting to each allowed one reaches the right parent only.
 */
const meta = document.querySelector<HTMLMetaElement>('meta[name="portal-roadmap:parent-origins"]');
const origins = (meta?.content ?? '').split(' ').filter(Boolean);

if (window.parent !== window && origins.length) {
  let last = 0;
  const post = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    for (const origin of origins) window.parent.postMessage({ type: 'portal-roadmap:height', height }, origin);
  };
  new ResizeObserver(post).observe(document.documentElement);
  post();
}
