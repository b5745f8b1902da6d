/** The social networks recognised in links. */
export const SOCIAL_PLATFORMS = [
  'facebook',
  'github',
  'instagram',
  'linkedin',
  'tiktok',
  'twitter',
  'youtube',
] as const;

/** One of {@link SOCIAL_PLATFORMS}. */
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

const NOT_A_PROFILE: Readonly<Record<SocialPlatform, ReadonlySet<string>>> = {
  facebook: new Set([
    'sharer',
    'sharer.php',
    'share.php',
    'dialog',
    'plugins',
    'tr',
    'login',
    'home.php',
  ]),
  github: new Set(['login', 'features', 'about', 'pricing', 'search']),
  instagram: new Set(['p', 'explore', 'reel', 'reels', 'accounts', 'stories']),
  linkedin: new Set(['sharearticle', 'sharing', 'feed', 'login', 'jobs']),
  tiktok: new Set(['tag', 'discover', 'search']),
  twitter: new Set(['intent', 'share', 'home', 'search', 'hashtag', 'i', 'login']),
  youtube: new Set(['watch', 'results', 'embed', 'shorts', 'playlist']),
};

/** One host per platform, so `twitter.com/x` and `x.com/x` are one profile. */
const CANONICAL_HOST: Readonly<Record<SocialPlatform, string>> = {
  facebook: 'www.facebook.com',
  github: 'github.com',
  instagram: 'www.instagram.com',
  linkedin: 'www.linkedin.com',
  tiktok: 'www.tiktok.com',
  twitter: 'x.com',
  youtube: 'www.youtube.com',
};

/**
 * The platform and canonical form of a social profile link (`https://<platform host>/<path>`, X for
 * Twitter, no query, no fragment, no trailing `/`), or undefined for anything else — share buttons, intents, posts, search
 * pages. LinkedIn counts only `/company/`, `/school/` and `/in/` pages; YouTube only channels
 * (`/@name`, `/channel/…`, `/c/…`, `/user/…`); TikTok only `/@name`.
 */
export function socialProfile(href: string): { platform: SocialPlatform; url: string } | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase().replace(/^(?:www\.|m\.|mobile\.)/, '');
  const segments = url.pathname.split('/').filter(Boolean);
  const first = segments[0]?.toLowerCase();
  if (first === undefined) return undefined;
  let platform: SocialPlatform | undefined;
  if (host === 'facebook.com' || host === 'fb.com') platform = 'facebook';
  else if (host === 'linkedin.com') {
    if (!['company', 'school', 'in'].includes(first) || segments.length < 2) return undefined;
    platform = 'linkedin';
  } else if (host === 'twitter.com' || host === 'x.com') platform = 'twitter';
  else if (host === 'instagram.com') platform = 'instagram';
  else if (host === 'youtube.com') {
    if (
      !(first.startsWith('@') || (['channel', 'c', 'user'].includes(first) && segments.length >= 2))
    ) {
      return undefined;
    }
    platform = 'youtube';
  } else if (host === 'github.com') platform = 'github';
  else if (host === 'tiktok.com') {
    if (!first.startsWith('@')) return undefined;
    platform = 'tiktok';
  }
  if (platform === undefined || NOT_A_PROFILE[platform].has(first)) return undefined;
  const keep =
    platform === 'linkedin' || (platform === 'youtube' && !first.startsWith('@')) ? 2 : 1;
  const path = segments.slice(0, keep).join('/');
  return { platform, url: `https://${CANONICAL_HOST[platform]}/${path}` };
}
