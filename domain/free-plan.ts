import { addWeeks } from './weeks';

// The free plan's rules, without I/O: which statuses may choose it, which launch week it queues into, and
// what finding the badge on the homepage does.

export type FreeQueueSettings = { minWeeks: number; maxWeeks: number; capacity: number };

// Why a listing in this status cannot choose the free plan; null when it can (only a submitted listing can).
export function freePlanRefusal(l: { id: number; status: string; launchWeek: string | null }): string | null {
  switch (l.status) {
    case 'submitted':
      return null;
    case 'draft':
      return `Listing ${l.id} is still a draft: finish it and call submit_draft before choosing the free plan.`;
    case 'awaiting_badge':
      return `Listing ${l.id} is already on the free plan, queued for the week of ${l.launchWeek}; it is waiting for the badge on its homepage `
        + '(get_my_listing shows the snippet to embed and the last check). The homepage is checked again every hour.';
    case 'scheduled':
      return `Listing ${l.id} is already scheduled to launch in the week of ${l.launchWeek}.`;
    case 'live':
      return `Listing ${l.id} is already live.`;
    case 'rejected':
      return `Listing ${l.id} was rejected by the site team and cannot be published.`;
    default:
      return `Listing ${l.id} is ${l.status}; only a submitted listing can choose the free plan.`;
  }
}

// The weeks of the free-queue window, nearest first: min..max weeks after the current week's Monday.
export function freeQueueWindow(currentMonday: string, s: Pick<FreeQueueSettings, 'minWeeks' | 'maxWeeks'>): string[] {
  const out: string[] = [];
  for (let k = Math.max(0, s.minWeeks); k <= s.maxWeeks; k++) out.push(addWeeks(currentMonday, k));
  return out;
}

export type WeekChoice = { week: string } | { week: null; reason: string };

// The first week of the window that still has room for another free launch.
export function chooseFreeWeek(currentMonday: string, s: FreeQueueSettings, used: ReadonlyMap<string, number>): WeekChoice {
  const window = freeQueueWindow(currentMonday, s);
  const week = window.find((w) => (used.get(w) ?? 0) < s.capacity);
  if (week) return { week };
  const span = window.length ? `${window[0]} to ${window[window.length - 1]}` : 'the free-queue window';
  return {
    week: null,
    reason: `Every free launch week from ${span} is full (${s.capacity} free launches a week). `
      + 'Try again next week, when a new week opens, or launch with a paid order (list_products).',
  };
}

export type BadgeFoundOutcome = { status: 'scheduled' | 'live'; launchWeek: string };

// Finding the badge schedules the listing for its queued week. If that week has already begun (the badge came
// late), the listing goes live at once in the current week rather than waiting for a week that has passed.
export function afterBadgeFound(queuedWeek: string | null, currentMonday: string): BadgeFoundOutcome {
  if (queuedWeek && queuedWeek > currentMonday) return { status: 'scheduled', launchWeek: queuedWeek };
  return { status: 'live', launchWeek: currentMonday };
}
