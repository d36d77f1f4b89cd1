// The whole site stylesheet: served from /assets/site.css, no CDN, light and dark by the viewer's theme.
export const SITE_CSS = `
:root{--bg:#fff;--fg:#14151a;--muted:#5b6070;--line:#e4e6ec;--card:#f7f8fa;--accent:#4f46e5;--accent-fg:#fff;--paid:#b45309;--ok:#047857}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--fg:#e8eaf0;--muted:#9aa1b2;--line:#262a33;--card:#171a21;--accent:#818cf8;--accent-fg:#0f1115;--paid:#fbbf24;--ok:#34d399}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:9}
header.site{border-bottom:1px solid var(--line)}
header.site nav{max-width:1080px;margin:0 auto;padding:.75rem 1rem;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
header.site .brand{font-weight:700;color:var(--fg);text-decoration:none;margin-right:auto}
header.site nav a{text-decoration:none}
main{max-width:1080px;margin:0 auto;padding:1.25rem 1rem 3rem}
footer.site{border-top:1px solid var(--line);color:var(--muted);font-size:.9rem}
footer.site div{max-width:1080px;margin:0 auto;padding:1rem}
h1{font-size:1.8rem;line-height:1.2;margin:.5rem 0 1rem}h2{font-size:1.25rem;margin:2rem 0 .75rem}
.muted{color:var(--muted)}.small{font-size:.9rem}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1rem}
ol.rank,ul.plain,ol.plain{list-style:none;margin:0;padding:0}
ol.rank li,ul.plain li,ol.plain li{display:flex;gap:.75rem;align-items:center;padding:.6rem 0;border-bottom:1px solid var(--line)}
.rank-no{width:2.2rem;text-align:right;color:var(--muted);font-variant-numeric:tabular-nums}
.logo{width:40px;height:40px;border-radius:8px;background:var(--line);object-fit:contain;flex:none}
.grow{flex:1;min-width:0}.nowrap{white-space:nowrap}
.pill{display:inline-block;border:1px solid var(--line);border-radius:999px;padding:.05rem .6rem;font-size:.8rem;color:var(--muted)}
.paid{color:var(--paid);border-color:var(--paid);font-weight:600}
.votes{font-variant-numeric:tabular-nums;font-weight:600}
.tabs{display:flex;gap:.5rem;flex-wrap:wrap;margin:.5rem 0 1rem}.tabs a{padding:.3rem .8rem;border:1px solid var(--line);border-radius:999px;text-decoration:none}
.tabs a[aria-current=page]{background:var(--accent);color:var(--accent-fg);border-color:var(--accent)}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid var(--line);vertical-align:top}
pre,code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.88rem}
pre{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.75rem;overflow:auto}
form.inline{display:flex;gap:.5rem;flex-wrap:wrap}
input,select,textarea,button{font:inherit;padding:.45rem .6rem;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg)}
button,.button{background:var(--accent);color:var(--accent-fg);border-color:var(--accent);cursor:pointer;text-decoration:none;display:inline-block}
.pager{display:flex;gap:1rem;justify-content:space-between;margin-top:1rem}
svg.chart{display:block;max-width:100%;height:auto}
/* votes, follows and reviews on a listing page */
.community .actions{display:flex;gap:.5rem;flex-wrap:wrap;margin:.5rem 0}.community form{margin:0}
.community button.secondary{background:transparent;color:var(--fg);border-color:var(--line)}.review p{margin:.25rem 0}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.beacon{position:absolute;width:1px;height:1px;opacity:0;pointer-events:none}
.logo.sm{width:20px;height:20px;border-radius:4px;vertical-align:middle;display:inline-block}
.avatar{border-radius:50%;object-fit:cover;flex:none;background:var(--line)}
.profile-head{display:flex;gap:1rem;align-items:center}.profile-head h1{margin:.25rem 0}
.listing-head{display:flex;gap:1rem;align-items:flex-start;flex-wrap:wrap}.listing-head h1{margin:.25rem 0}
.listing-head .logo{width:72px;height:72px;border-radius:14px}
.cols{display:grid;gap:1.5rem;grid-template-columns:minmax(0,2fr) minmax(0,1fr)}@media (max-width:800px){.cols{grid-template-columns:1fr}}
.cols aside h2{font-size:1.05rem}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
.op{margin:1rem 0}.op h4{margin:0 0 .5rem;font-size:1.05rem}.method{font-weight:700;color:var(--fg)}
.table-wrap{overflow-x:auto}
.notice{border:2px solid var(--paid);border-radius:8px;padding:.5rem .75rem}
.board{margin:1rem 0}.board h2{margin-top:0}.paid-board{border-color:var(--paid)}
ul.inline-list{list-style:none;padding:0;display:flex;gap:.75rem;flex-wrap:wrap}
ul.tree{padding-left:1.1rem}ul.tree.grid{padding:0;list-style:none}ul.tree li{margin:.2rem 0}
ul.plain-grid,ul.plain-tabs{list-style:none;padding:0}
details{border-bottom:1px solid var(--line);padding:.5rem 0}summary{cursor:pointer;font-weight:600}
.prose{max-width:72ch}.prose img{max-width:100%}
.h3{font-size:1.1rem;margin:.25rem 0}
.updates li,.posts li{align-items:flex-start}
figure.chart{margin:.5rem 0 1rem}
.embed{display:grid;gap:.5rem;margin:1rem 0;justify-items:start}.embed pre{white-space:pre-wrap;word-break:break-all;justify-self:stretch}
ol.timeline li{align-items:flex-start}ol.timeline time{min-width:6.5rem}
.media-img{max-width:100%;height:auto}
.stat{font-size:1.4rem;font-weight:700;font-variant-numeric:tabular-nums}
.week-select{display:grid;gap:.5rem;margin:1rem 0}
`;
