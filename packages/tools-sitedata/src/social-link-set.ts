import { compareText, round } from './collect.js';
import type { ExtractedSocialLink } from './site-data.js';
import { type SocialPlatform, socialProfile } from './social-links.js';

interface Entry {
  readonly platform: SocialPlatform;
  readonly url: string;
  confidence: number;
  readonly sources: Set<string>;
}

/** The social profiles a site links to, each once (by URL, case-insensitive), with its best confidence. */
export class SocialLinkSet {
  readonly #entries = new Map<string, Entry>();

  /** Adds `href` when it is a profile on a known platform (share buttons, posts and the like are not). */
  add(href: string, confidence: number, source: string): void {
    const profile = socialProfile(href);
    if (profile === undefined) return;
    const key = profile.url.toLowerCase();
    const entry = this.#entries.get(key);
    if (entry === undefined)
      this.#entries.set(key, { ...profile, confidence, sources: new Set([source]) });
    else {
      entry.confidence = Math.max(entry.confidence, confidence);
      entry.sources.add(source);
    }
  }

  /** By platform, then highest confidence, then URL; sources sorted. */
  list(): ExtractedSocialLink[] {
    return [...this.#entries.values()]
      .map(({ platform, url, confidence, sources }) => ({
        platform,
        url,
        confidence: round(confidence),
        sources: [...sources].sort(),
      }))
      .sort(
        (a, b) =>
          compareText(a.platform, b.platform) ||
          b.confidence - a.confidence ||
          compareText(a.url, b.url),
      );
  }
}
