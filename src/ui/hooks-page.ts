// The Settings → Hooks page of `hookd ui` (GET /): one self-contained HTML document (inline style and script under a
// per-response CSP nonce, no external resource, works offline) and the headers it is sent with. Holds no hook data:
// the script fetches /api/hooks.
import { randomBytes } from 'node:crypto';
import { PAGE_SCRIPT } from './page-script.js';

const STYLE = `
:root { color-scheme: light dark; --line: #8884; --muted: #777; --red: #b3261e; --amber: #8a5a00; --green: #1b6e2a; }
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1.5rem; }
h1 { margin: 0; font-size: 1.6rem; }
.subtitle, .subtle { color: var(--muted); margin: .25rem 0 1rem; }
#warnings { list-style: none; padding: 0; margin: 0 0 1rem; }
#warnings li, .notice { background: #f5c54233; border: 1px solid #d9a300; border-radius: 6px; padding: .5rem .75rem; margin: .25rem 0; }
.banner { background: #b3261e22; border: 1px solid var(--red); color: var(--red); border-radius: 6px; padding: .5rem .75rem; white-space: pre-wrap; margin: .25rem 0 1rem; }
#empty-state { border: 1px dashed var(--line); border-radius: 8px; padding: 1.5rem; text-align: center; }
article.hook { border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin: 0 0 1rem; }
article.hook header { display: flex; justify-content: space-between; gap: 1rem; }
article.hook h2 { margin: 0; font-size: 1.15rem; }
.badges { display: flex; gap: .5rem; align-items: flex-start; white-space: nowrap; }
.badge { border-radius: 999px; padding: .1rem .6rem; font-size: .85rem; border: 1px solid currentColor; }
.status-trusted, .status-managed, .shield.on { color: var(--green); }
.status-untrusted, .status-modified, .shield.off { color: var(--amber); }
.status-disabled { color: var(--muted); }
.shield { font-size: .85rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .75rem 0; }
dl .row { display: contents; }
dt { color: var(--muted); }
dd { margin: 0; font-family: ui-monospace, monospace; font-size: .9rem; overflow-wrap: anywhere; white-space: pre-wrap; }
.actions { display: flex; gap: .5rem; }
button { font: inherit; padding: .3rem .8rem; border-radius: 6px; border: 1px solid var(--line); cursor: pointer; }
#status { min-height: 1.5em; margin: 1rem 0; }
#status[data-kind="error"] { color: var(--red); }
.toolbar { display: flex; justify-content: space-between; align-items: baseline; }
`;

export type RenderedPage = { readonly html: string; readonly headers: Readonly<Record<string, string>> };

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function hooksPage(): RenderedPage {
  const nonce = randomBytes(18).toString('base64');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Hooks</title>
<link rel="icon" href="data:,">
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<div class="toolbar"><h1>Hooks</h1><span class="subtle" id="dialect"></span></div>
<p class="subtitle">Review declarative command hooks before they can run.</p>
<ul id="warnings" hidden></ul>
<div id="banners"></div>
<div id="status" role="status" aria-live="polite"></div>
<section id="hooks" aria-label="Hooks"></section>
<p><button type="button" id="refresh">Reload from files</button></p>
</main>
<script nonce="${nonce}">${PAGE_SCRIPT}</script>
</body>
</html>
`;
  return {
    html,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': contentSecurityPolicy(nonce) },
  };
}
