/** The kinds of standard pages the extractor recognises, in report order. */
export const STANDARD_PAGE_CATEGORIES = [
  'home',
  'about',
  'contact',
  'products',
  'blog',
  'faq',
  'privacy',
  'login',
  'cart',
] as const;

/** One of {@link STANDARD_PAGE_CATEGORIES}. */
export type StandardPageCategory = (typeof STANDARD_PAGE_CATEGORIES)[number];

/** Path patterns per category, in several languages (as the Go tool's lists). */
const PATTERNS: Readonly<Record<StandardPageCategory, readonly string[]>> = {
  home: [
    '/',
    '/home',
    '/index',
    '/default',
    '/start',
    '/accueil',
    '/inicio',
    '/startseite',
    '/en',
    '/it',
    '/de',
    '/fr',
    '/es',
    '/pt',
    '/nl',
    '/en-us',
    '/en-gb',
    '/pt-br',
  ],
  about: [
    '/about',
    '/about-us',
    '/aboutus',
    '/company',
    '/who-we-are',
    '/chi-siamo',
    '/azienda',
    '/quienes-somos',
    '/sobre-nosotros',
    '/a-propos',
    '/qui-sommes-nous',
    '/uber-uns',
    '/ueber-uns',
    '/unternehmen',
    '/sobre',
    '/over-ons',
    '/o-nas',
  ],
  contact: [
    '/contact',
    '/contacts',
    '/contact-us',
    '/contactus',
    '/contatti',
    '/contattaci',
    '/contacto',
    '/contactos',
    '/contactez-nous',
    '/kontakt',
    '/contato',
    '/contacten',
  ],
  products: [
    '/products',
    '/product',
    '/shop',
    '/store',
    '/catalog',
    '/catalogue',
    '/prodotti',
    '/productos',
    '/produits',
    '/produkte',
    '/produtos',
    '/producten',
    '/solutions',
    '/services',
  ],
  blog: [
    '/blog',
    '/news',
    '/articles',
    '/notizie',
    '/noticias',
    '/actualites',
    '/aktuelles',
    '/nieuws',
    '/press',
    '/journal',
  ],
  faq: [
    '/faq',
    '/faqs',
    '/help',
    '/support',
    '/domande-frequenti',
    '/preguntas-frecuentes',
    '/aide',
    '/hilfe',
  ],
  privacy: [
    '/privacy',
    '/privacy-policy',
    '/cookie-policy',
    '/cookies',
    '/impressum',
    '/datenschutz',
    '/legal',
    '/terms',
    '/privacidad',
    '/confidentialite',
    '/mentions-legales',
    '/informativa-privacy',
  ],
  login: [
    '/login',
    '/signin',
    '/sign-in',
    '/log-in',
    '/account',
    '/my-account',
    '/accedi',
    '/anmelden',
    '/connexion',
    '/iniciar-sesion',
    '/entrar',
  ],
  cart: [
    '/cart',
    '/basket',
    '/checkout',
    '/carrello',
    '/carrito',
    '/panier',
    '/warenkorb',
    '/kasse',
  ],
};

const LANGUAGE_PREFIX = /^\/[a-z]{2}(?:-[a-z]{2})?$/;
const EXTENSION = /\.(?:html?|php|aspx?|jsp|do|action|cfm|pl|cgi|shtml)$/;

/**
 * Sorts URLs into standard pages (§15.7.1 of the Go tool): the path is decoded, lower-cased, stripped of
 * a trailing `/` and one page extension (`.html`, `.php`, …), then compared with each category's
 * patterns — `/` only matches the root, language prefixes (`/en`, `/pt-br`) only match exactly, a
 * one-segment pattern matches any equal path segment (`/en/contact` and `/contact/form` are contact
 * pages, `/contacto` is not `/contact`), a longer pattern must appear as consecutive segments. A URL may
 * land in several categories. Categories keep the input order of their URLs.
 */
export function categorizePages(
  urls: readonly string[],
): Partial<Record<StandardPageCategory, string[]>> {
  const result: Partial<Record<StandardPageCategory, string[]>> = {};
  for (const url of urls) {
    const path = pagePath(url);
    if (path === undefined) continue;
    for (const category of STANDARD_PAGE_CATEGORIES) {
      if (PATTERNS[category].some((pattern) => matches(path, pattern, category))) {
        const list = result[category] ?? [];
        list.push(url);
        result[category] = list;
      }
    }
  }
  return result;
}

function pagePath(url: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname).toLowerCase();
  } catch {
    return undefined;
  }
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path.replace(EXTENSION, '') || '/';
}

function matches(path: string, pattern: string, category: StandardPageCategory): boolean {
  if (pattern === '/') return path === '/' || path === '';
  if (path === pattern) return true;
  if (category === 'home' && LANGUAGE_PREFIX.test(pattern)) return false;
  if (category === 'home' && (pattern === '/index' || pattern === '/default')) return false;
  const segments = path.split('/').filter(Boolean);
  const wanted = pattern.split('/').filter(Boolean);
  for (let start = 0; start + wanted.length <= segments.length; start++) {
    if (wanted.every((segment, index) => segments[start + index] === segment)) return true;
  }
  return false;
}
