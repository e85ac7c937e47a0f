/** The hosts the config's `host` names (their limits: src/hosting/host-limits.ts). */
export const HOSTS = ['github-pages', 'netlify', 'cloudflare-pages', 'vercel'] as const;
export type Host = (typeof HOSTS)[number];
