import type { Hono } from 'hono';
import type { AppDeps } from '../app-context';
import { registry } from '../tools/registry';
import { registerBadgeRoutes } from './badges/routes';
import { registerLogoRoutes } from './logos/routes';
import { registerSeoRoutes } from './seo/routes';
import { registerViewBeacon } from './views/beacon';
import { apiDocsPage } from './docs/page';
import { registerBlogPages } from './pages/blog';
import { registerCategoryPages } from './pages/categories';
import { registerFounderPages } from './pages/founders';
import { registerHomePage } from './pages/home';
import { registerLaunchPages } from './pages/launches';
import { registerLeaderboardPages } from './pages/leaderboards';
import { registerListingPages } from './pages/listing';
import { registerUpdatesPage } from './pages/updates';
import { registerCommunityRoutes } from './community/routes';
import { registerClaimRoutes } from './claims/routes';
import { registerCheckoutRoutes } from './checkout/routes';
import { registerInviteRoutes } from './invites/routes';
import { registerSearchPage } from './search/page';
import { registerSubmitRoutes } from './submit/routes';
import { notFoundPage, pageResponse } from './render';
import { SITE_CSS } from './styles';
import { DRAFT_PROGRESS_JS } from './submit/progress-script';

// Server-rendered pages people use. Each area registers its own routes here.
export function registerSite(app: Hono, deps: AppDeps): void {
  app.get('/assets/site.css', () => new Response(SITE_CSS, { headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=3600' } }));
  app.get('/assets/draft-progress.js', () => new Response(DRAFT_PROGRESS_JS, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600' } }));
  registerSeoRoutes(app, deps);
  registerSearchPage(app, deps);
  registerSubmitRoutes(app, deps);
  registerViewBeacon(app, deps);
  registerBadgeRoutes(app, deps);
  registerLogoRoutes(app, deps);
  registerHomePage(app, deps);
  registerLaunchPages(app, deps);
  registerListingPages(app, deps);
  registerCommunityRoutes(app, deps);
  registerClaimRoutes(app, deps);
  registerCategoryPages(app, deps);
  registerLeaderboardPages(app, deps);
  registerUpdatesPage(app, deps);
  registerFounderPages(app, deps);
  registerBlogPages(app, deps);
  registerCheckoutRoutes(app, deps);
  registerInviteRoutes(app, deps);
  app.get('/docs/api', async () => pageResponse(await apiDocsPage(deps.config, registry), 200, { 'cache-control': 'public, max-age=300' }));

  // Unmatched paths get the friendly page. /api/v1/* and /mcp never arrive here: transport/app.ts
  // registers the API's own catch-all (problem+json 404) and the MCP endpoint before the site.
  app.notFound((c) => {
    if (c.req.path.startsWith('/api/')) {
      return c.json({ type: `${deps.config.siteUrl}/docs/api#error-not_found`, title: 'Not found', status: 404, detail: 'No such API path.', code: 'not_found' }, 404);
    }
    return notFoundPage(c, deps);
  });
}
