import { escapeHtml } from '@aigo/ai';

/**
 * The page's HTML shell: the built script and stylesheet (asked for with the token, which the page
 * reads from its own address) and a root element. Everything shown is rendered by the script, as
 * text: nothing a model or tool wrote is ever parsed as HTML.
 */
export function pageHtml(token: string): string {
  const query = `?token=${encodeURIComponent(token)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>aigo devtools</title>
<link rel="stylesheet" href="/assets/app.css${escapeHtml(query)}">
</head>
<body>
<div id="app"><p class="boot">Loading the aigo devtools…</p></div>
<script type="module" src="/assets/app.js${escapeHtml(query)}"></script>
</body>
</html>
`;
}

/**
 * Headers of every answer: no caching (the token is in the address), no referrer, no framing, no
 * MIME sniffing, and a content security policy that runs only the page's own script.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
});
