import type { AnyTool } from '../define';
import { list_blog_posts } from './list_blog_posts';
import { get_blog_post } from './get_blog_post';

// The blog operations, in the spec's order.
export const blogTools: AnyTool[] = [list_blog_posts, get_blog_post];
