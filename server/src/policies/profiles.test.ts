import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { can, type ProfileResource } from './index';

const profile = (over: Partial<ProfileResource>): ProfileResource => ({ user_id: ids.student, visibility: 'private', viewerIsLinkedParent: false, viewerTeachesThem: false, ...over });

describe('who reads a person’s profile statistics', () => {
  const table: [ViewerName, string, ProfileResource, boolean][] = [
    ['student', 'their own private profile', profile({}), true],
    ['otherStudent', 'another student’s public profile', profile({ visibility: 'public' }), true],
    ['otherStudent', 'another student’s private profile', profile({}), false],
    ['otherStudent', 'a profile for friends (there is no friends list)', profile({ visibility: 'friends' }), false],
    ['parent', 'a linked child’s private profile', profile({ viewerIsLinkedParent: true }), true],
    ['unlinkedParent', 'an unlinked child’s private profile', profile({}), false],
    ['teacher', 'the private profile of a student they teach', profile({ viewerTeachesThem: true }), true],
    ['otherTeacher', 'the private profile of a student they do not teach', profile({}), false],
    ['admin', 'anyone’s private profile', profile({}), true],
  ];
  it.each(table)('%s reads %s: %s', (who, _what, resource, allowed) => {
    expect(can(viewers[who], 'read-stats', 'profile', resource)).toBe(allowed);
  });
});
