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
header.site .bar{max-width:1080px;margin:0 auto;padding:.6rem 1rem .25rem;display:flex;gap:.5rem .75rem;align-items:center;flex-wrap:wrap}
header.site .brand{font-weight:700;color:var(--fg);text-decoration:none;margin-right:auto;padding:.3rem 0}
.header-search{display:flex;gap:.35rem;flex:0 1 22rem;min-width:0}.header-search input{flex:1;min-width:0}
@media (max-width:640px){.header-search{order:5;flex:1 1 100%}}
.signin{padding:.35rem .25rem}
.account-menu{position:relative;border:0;padding:0}@media (max-width:640px){.account-menu summary{max-width:8rem}}
.card h2:first-child{margin-top:0}.account-menu summary{list-style:none;padding:.35rem .6rem;border:1px solid var(--line);border-radius:8px;font-weight:600;max-width:12rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.account-menu summary::-webkit-details-marker{display:none}.account-menu summary::after{content:" ▾"}
.account-menu[open] .menu{position:absolute;right:0;top:calc(100% + .3rem);background:var(--bg);border:1px solid var(--line);border-radius:10px;padding:.4rem;display:grid;gap:.1rem;min-width:12rem;z-index:5;box-shadow:0 6px 24px rgba(0,0,0,.12)}
.account-menu .menu a,.account-menu .menu button{display:block;padding:.45rem .6rem;text-decoration:none;border-radius:6px;text-align:left;width:100%}
.account-menu .menu form{margin:0}.link-button{background:none;border:0;color:var(--accent);font:inherit;cursor:pointer}
header.site nav{max-width:1080px;margin:0 auto;padding:0 1rem .35rem;display:flex;gap:0 1rem;align-items:center;flex-wrap:wrap}
header.site nav a{text-decoration:none;display:inline-block;padding:.35rem 0}
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
.pill{display:inline-block;border:1px solid var(--line);border-radius:999px;padding:.05rem .6rem;font-size:.8rem;color:var(--muted);line-height:1.3}
a.pill{padding:.2rem .65rem;min-height:24px;margin:.1rem 0}
.paid{color:var(--paid);border-color:var(--paid);font-weight:600}
.votes{font-variant-numeric:tabular-nums;font-weight:600}
.tabs{display:flex;gap:.5rem;flex-wrap:wrap;margin:.5rem 0 1rem}.tabs a{padding:.3rem .8rem;border:1px solid var(--line);border-radius:999px;text-decoration:none}
.tabs a[aria-current=page]{background:var(--accent);color:var(--accent-fg);border-color:var(--accent)}
table{border-collapse:collapse;width:100%}
@media (max-width:640px){table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}table.stack tr{display:block;border-bottom:1px solid var(--line);padding:.4rem 0}table.stack td{display:block;border:0;padding:.15rem 0}table.stack td[data-label]::before{content:attr(data-label) ": ";color:var(--muted)}}th,td{text-align:left;padding:.5rem;border-bottom:1px solid var(--line);vertical-align:top}
pre,code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.88rem}
code{overflow-wrap:anywhere}
pre{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.75rem;overflow:auto}
[role=region][tabindex]:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
form.inline{display:flex;gap:.5rem;flex-wrap:wrap}
input,select,textarea,button{font:inherit;padding:.45rem .6rem;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg)}
button,.button{background:var(--accent);color:var(--accent-fg);border:1px solid var(--accent);border-radius:8px;padding:.45rem .8rem;cursor:pointer;text-decoration:none;display:inline-block;min-height:2rem}
button.secondary,.button.secondary{background:transparent;color:var(--fg);border-color:var(--line)}
input,select,textarea{max-width:100%;min-height:2rem}textarea{width:100%}
.error{color:#b42318}@media (prefers-color-scheme:dark){.error{color:#fda29b}}
.field{margin:.6rem 0}.field label,.field-head label{display:block;font-weight:600;margin-bottom:.2rem}
.field input:not([type=checkbox]):not([type=radio]),.field select{width:100%}
.search-form{display:grid;gap:.25rem;margin-bottom:1rem}.filters{border:0;padding:0}.filters summary{padding:.3rem 0}
.filter-grid{display:grid;gap:0 1rem;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr))}
.empty ul{padding-left:1.2rem}.empty li{margin:.3rem 0}
.review-section{margin:1.5rem 0}.field-card{border:1px solid var(--line);border-radius:12px;padding:.75rem 1rem;margin:.75rem 0;background:var(--card)}
.field-head{display:flex;gap:.5rem;align-items:baseline;justify-content:space-between;flex-wrap:wrap}.field-card input,.field-card textarea{width:100%}
.field-card.state-not_found{border-style:dashed}
@media (min-width:800px){.field-card{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1.25rem}.field-evidence{padding-top:1.9rem}.row-with-evidence{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1.25rem;align-items:start}}
.field-actions{display:flex;gap:.4rem;flex-wrap:wrap;margin-top:.5rem}.small-button{font-size:.85rem;padding:.25rem .7rem;min-height:28px}
ul.evidence{list-style:none;padding:0;margin:.5rem 0 0;display:grid;gap:.35rem}
ul.evidence li{border-left:3px solid var(--accent);padding:.15rem .6rem;font-size:.9rem;overflow-wrap:anywhere}
ul.evidence blockquote{margin:0;font-style:italic}ul.evidence blockquote::before{content:"“"}ul.evidence blockquote::after{content:"”"}
ul.evidence a{font-size:.85rem;display:inline-block;padding:.2rem 0}
.item-evidence{margin-top:.5rem}.row-card{border:1px solid var(--line);border-radius:10px;margin:.5rem 0;padding:.5rem 1rem;min-width:0}
.row-with-evidence{margin:.75rem 0}.inline-check{display:inline-flex;gap:.4rem;align-items:center;min-height:24px}
.social-grid{display:grid;gap:0 1rem;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr))}fieldset.socials{border:1px solid var(--line);border-radius:10px;margin:.75rem 0;min-width:0}
.sticky-save{position:sticky;top:0;background:var(--bg);padding:.5rem 0;margin:0;z-index:2;border-bottom:1px solid var(--line)}
.progress-box progress{width:100%;height:1rem}
.launch-choices .card form{margin-top:.75rem}code.wrap{overflow-wrap:anywhere}.ok{color:var(--ok)}
.error-summary{border:2px solid #b42318;border-radius:10px;padding:.5rem 1rem;margin:1rem 0}.error-summary ul{margin:.25rem 0;padding-left:1.2rem}
.account-section{margin:2rem 0}.status{font-weight:600}
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
