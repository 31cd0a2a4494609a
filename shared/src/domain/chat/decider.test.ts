import { describe, expect, it } from 'vitest';
import { given, testContext } from '../../testing/decider-testing';
import { chatDecider, type ChatCommand } from './decider';
import type { ChatEvent } from './events';
import type { ChatAccess } from './policies/access';
import { mentionsIn } from './policies/mentions';
import { gameIdOfMessage, messageIdOf } from './streams';
import { CHAT_ANNOUNCEMENT_ORGANIZER_ONLY, CHAT_DELETE_NOT_ALLOWED, CHAT_NOT_A_MEMBER } from './messages';

const NOW = '2026-11-21T12:00:00.000Z';
const people = [
  { userId: 'org', username: 'captain' },
  { userId: 'user-1', username: 'sam' },
  { userId: 'user-2', username: 'alex' },
];
const send = (text: string, access: ChatAccess = 'member', announcement = false, messageId = 'g1.m1'): ChatCommand => ({
  type: 'SendGameMessage',
  gameId: 'g1',
  messageId,
  author: { userId: 'user-1', username: 'sam' },
  access,
  text,
  announcement,
  people,
});
const sent = (
  text: string,
  extra: Partial<Extract<ChatEvent, { type: 'GameMessageSent' }>['data']> = {},
): ChatEvent => ({
  type: 'GameMessageSent',
  data: {
    gameId: 'g1',
    messageId: 'g1.m1',
    authorId: 'user-1',
    authorUsername: 'sam',
    text,
    sentAt: NOW,
    announcement: false,
    mentions: [],
    ...extra,
  },
});
const remove = (access: ChatAccess): ChatCommand => ({
  type: 'DeleteGameMessage',
  gameId: 'g1',
  messageId: 'g1.m1',
  access,
});
const deleted = (by: string): ChatEvent => ({
  type: 'GameMessageDeleted',
  data: { gameId: 'g1', messageId: 'g1.m1', deletedBy: by, at: NOW },
});

describe('sending a game message', () => {
  it('records a member’s message with who and when', () => {
    given(chatDecider, [])
      .when(send('Running 10 minutes late'))
      .then([sent('Running 10 minutes late')]);
  });

  it('refuses people on the waitlist and people who are not in the game', () => {
    given(chatDecider, []).when(send('hi', 'reader')).thenRefused('not_a_member', CHAT_NOT_A_MEMBER);
    given(chatDecider, []).when(send('hi', 'none')).thenRefused('not_a_member', CHAT_NOT_A_MEMBER);
  });

  it('lets only the organizer or an admin post an announcement', () => {
    given(chatDecider, [])
      .when(send('Bibs!', 'member', true))
      .thenRefused('not_the_organizer', CHAT_ANNOUNCEMENT_ORGANIZER_ONLY);
    given(chatDecider, [])
      .when(send('Bibs!', 'organizer', true))
      .then([sent('Bibs!', { announcement: true })]);
    given(chatDecider, [])
      .when(send('Bibs!', 'admin', true))
      .then([sent('Bibs!', { announcement: true })]);
  });

  it('says a retried message once', () => {
    given(chatDecider, [sent('hi')])
      .when(send('hi'))
      .then([]);
  });

  it('names the people an @username mentions, never the author', () => {
    given(chatDecider, [])
      .when(send('@alex @Captain who has the bibs? @sam'))
      .then([
        sent('@alex @Captain who has the bibs? @sam', {
          mentions: [
            { userId: 'org', username: 'captain' },
            { userId: 'user-2', username: 'alex' },
          ],
        }),
      ]);
  });
});

describe('deleting a game message', () => {
  it('lets its author delete it', () => {
    given(chatDecider, [sent('oops')])
      .when(remove('member'))
      .then([deleted('user-1')]);
  });

  it('lets the organizer and admins delete anyone’s message', () => {
    const byOrganizer = testContext({ actorId: 'org' });
    given(chatDecider, [sent('rude')])
      .when(remove('organizer'), byOrganizer)
      .then([deleted('org')]);
    given(chatDecider, [sent('rude')])
      .when(remove('admin'), testContext({ actorId: 'adm' }))
      .then([deleted('adm')]);
  });

  it('refuses another member and people outside the chat', () => {
    const other = testContext({ actorId: 'user-2' });
    given(chatDecider, [sent('mine')])
      .when(remove('member'), other)
      .thenRefused('not_allowed', CHAT_DELETE_NOT_ALLOWED);
    given(chatDecider, [sent('mine')])
      .when(remove('reader'), other)
      .thenRefused('not_allowed');
    given(chatDecider, [sent('mine')])
      .when(remove('none'), other)
      .thenRefused('not_a_member');
  });

  it('answers an unknown message with not found, and a deleted one with nothing new', () => {
    given(chatDecider, []).when(remove('admin')).thenRefused('no_message');
    given(chatDecider, [sent('x'), deleted('user-1')])
      .when(remove('member'))
      .then([]);
  });
});

describe('mentions', () => {
  it('matches whole names only, a full stop after a name ending it', () => {
    expect(mentionsIn('@samuel me@sam.com', people, 'x')).toEqual([]);
    expect(mentionsIn('thanks @sam.', people, 'x')).toEqual([people[1]]);
    expect(mentionsIn('(@alex)', people, 'x')).toEqual([people[2]]);
  });
});

describe('message ids', () => {
  it('name their game', () => {
    expect(gameIdOfMessage(messageIdOf('4f1c-a', 'b2'))).toBe('4f1c-a');
    expect(gameIdOfMessage('nothing')).toBeNull();
    expect(gameIdOfMessage('.x')).toBeNull();
  });
});
