import type { AnyTool } from './define';
import { get_site_info } from './site/get_site_info';
import { listingsTools } from './listings';
import { categoriesTools } from './categories';
import { launchesTools } from './launches';
import { leaderboardsTools } from './leaderboards';
import { foundersTools } from './founders';
import { blogTools } from './blog';
import { awardsTools } from './awards';
import { badgesTools } from './badges';
import { list_interview_questions } from './content/list_interview_questions';
import { productsTools } from './products';
import { accountTools } from './account';

// Every operation, in the spec's order.
export const registry: AnyTool[] = [
  get_site_info,
  ...listingsTools,
  ...categoriesTools,
  ...launchesTools,
  ...leaderboardsTools,
  ...foundersTools,
  ...blogTools,
  ...awardsTools,
  ...badgesTools,
  list_interview_questions,
  ...productsTools,
  ...accountTools,
];

export const toolByName = new Map(registry.map((t) => [t.name, t]));
