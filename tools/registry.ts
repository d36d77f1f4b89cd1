import type { AnyTool } from './define';
import { get_site_info } from './site/get_site_info';
import { list_interview_questions } from './content/list_interview_questions';

// Every operation, in the spec's order. Adding an operation = one file + one line here.
export const registry: AnyTool[] = [
  get_site_info,
  list_interview_questions,
] as unknown as AnyTool[];

export const toolByName = new Map(registry.map((t) => [t.name, t]));
