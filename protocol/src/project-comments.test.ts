import { describe, expect, it } from 'vitest';
import { createCommentBodySchema, formatClock, mentionedUsernames, parseClock } from './project-comments.js';

describe('comment times and mentions', () => {
  it('writes and reads moments as people say them', () => {
    expect(formatClock(83_400)).toBe('1:23');
    expect(formatClock(3_723_000)).toBe('1:02:03');
    expect(parseClock('1:23')).toBe(83_000);
    expect(parseClock('0:42.5')).toBe(42_500);
    expect(parseClock('83')).toBe(83_000);
    expect(parseClock('1:02:03')).toBe(3_723_000);
    expect(parseClock('1:75')).toBeNull();
    expect(parseClock('abc')).toBeNull();
  });

  it('finds @usernames, not e-mail addresses', () => {
    expect(mentionedUsernames('@Ari listen at 1:23, cc @sam_b. Mail me@example.test')).toEqual(['ari', 'sam_b']);
  });

  it('needs a time or a thread, and a range that ends after it starts', () => {
    expect(createCommentBodySchema.safeParse({ body: 'x', atMs: 0 }).success).toBe(true);
    expect(createCommentBodySchema.safeParse({ body: 'x', parentId: 'abcdefghijkl' }).success).toBe(true);
    expect(createCommentBodySchema.safeParse({ body: 'x' }).success).toBe(false);
    expect(createCommentBodySchema.safeParse({ body: 'x', atMs: 5, endMs: 5 }).success).toBe(false);
    expect(createCommentBodySchema.safeParse({ body: 'x', atMs: -1 }).success).toBe(false);
  });
});
