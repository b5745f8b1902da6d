import { compareText, round } from './collect.js';
import { EvidenceMap } from './evidence-map.js';
import type { ExtractedSocialLink } from './site-data.js';
import { type SocialPlatform, socialProfile } from './social-links.js';

/** The social profiles a site links to, each once (by URL, case-insensitive), with its best confidence. */
export class SocialLinkSet {
  readonly #profiles = new EvidenceMap<{ platform: SocialPlatform; url: string }>();

  /** Adds `href` when it is a profile on a known platform (share buttons, posts and the like are not). */
  add(href: string, confidence: number, source: string): void {
    const profile = socialProfile(href);
    if (profile !== undefined)
      this.#profiles.add(profile.url.toLowerCase(), profile, confidence, source);
  }

  /** By platform, then highest confidence, then URL; sources sorted. */
  list(): ExtractedSocialLink[] {
    return this.#profiles
      .entries()
      .map(({ value: { platform, url }, confidence, sources }) => ({
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
