import type { FounderProfile } from '../../storage/queries/draft-founders';

// The founder profile form of the invite page: the same bounds as a founder in update_draft
// (name required, max 160; title max 160; bio max 3000) plus a few personal links (http(s), max 500).

export const PROFILE_SOCIALS = ['linkedin', 'x', 'github', 'website'] as const;

export type ProfileForm = { name: string; title: string; bio: string; socials: Record<string, string> };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const isHttpUrl = (v: string) => {
  try {
    return /^https?:$/.test(new URL(v).protocol) && !/\s/.test(v);
  } catch {
    return false;
  }
};

export function checkProfile(body: Record<string, unknown>): { values: ProfileForm; errors: Record<string, string>; profile: FounderProfile | null } {
  const values: ProfileForm = {
    name: text(body.name).slice(0, 2000), title: text(body.title).slice(0, 2000), bio: text(body.bio).slice(0, 20000),
    socials: Object.fromEntries(PROFILE_SOCIALS.map((p) => [p, text(body[p]).slice(0, 2000)])),
  };
  const errors: Record<string, string> = {};
  if (!values.name) errors.name = 'Write your name.';
  else if (values.name.length > 160) errors.name = 'Use at most 160 characters.';
  if (values.title.length > 160) errors.title = 'Use at most 160 characters.';
  if (values.bio.length > 3000) errors.bio = 'Use at most 3000 characters.';
  for (const p of PROFILE_SOCIALS) {
    const v = values.socials[p];
    if (v && (v.length > 500 || !isHttpUrl(v))) errors[p] = 'Enter a full link starting with https:// (at most 500 characters).';
  }
  if (Object.keys(errors).length) return { values, errors, profile: null };
  return {
    values, errors,
    profile: {
      name: values.name, title: values.title || null, bio: values.bio || null,
      socials: Object.fromEntries(Object.entries(values.socials).filter(([, v]) => v)),
    },
  };
}
