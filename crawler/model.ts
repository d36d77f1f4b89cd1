import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';

// The drafting model from the environment: any OpenAI-compatible server. `.chat()` calls
// /v1/chat/completions (local servers rarely have /v1/responses). No AI_BASE_URL → no model, and
// drafts are built from the deterministic facts alone.
export type ModelEnv = { AI_BASE_URL?: string; AI_API_KEY?: string; AI_MODEL?: string };

export const DEFAULT_AI_MODEL = 'gpt-4o-mini';

export function modelFromEnv(env: ModelEnv | NodeJS.ProcessEnv = process.env): LanguageModel | null {
  const baseURL = env.AI_BASE_URL?.trim();
  if (!baseURL) return null;
  const provider = createOpenAI({ baseURL: baseURL.replace(/\/+$/, ''), apiKey: env.AI_API_KEY?.trim() || 'not-needed' });
  return provider.chat(env.AI_MODEL?.trim() || DEFAULT_AI_MODEL);
}
