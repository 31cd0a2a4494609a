import { describe, expect, it } from 'vitest';
import { gameDetailsView } from './game-details';

describe('the Game Details dialog', () => {
  it('shows the fallbacks of the spec', () => {
    expect(gameDetailsView({})).toEqual({
      title: 'Game Details',
      location: 'Not provided',
      price: 'Free',
      maxPlayers: 'Unlimited',
      playerCount: '0',
      organizerEmail: 'Not provided',
      organizerPicture: undefined,
    });
    expect(gameDetailsView({ name: '', price: null, maxPlayers: null, organizerEmail: ' ' })).toMatchObject({
      title: 'Game Details',
      price: 'Free',
      maxPlayers: 'Unlimited',
      organizerEmail: 'Not provided',
    });
  });

  it('shows the game as it is', () => {
    expect(
      gameDetailsView({
        name: 'Sunday Five-a-side',
        location: '1 Riverside Dr, New York 10001',
        price: 12.5,
        maxPlayers: 22,
        playerCount: 9,
        organizerEmail: 'captain@playtime.test',
        organizerProfilePicture: '/avatars/3.svg',
      }),
    ).toEqual({
      title: 'Sunday Five-a-side',
      location: '1 Riverside Dr, New York 10001',
      price: '$12.50',
      maxPlayers: '22',
      playerCount: '9',
      organizerEmail: 'captain@playtime.test',
      organizerPicture: '/avatars/3.svg',
    });
    expect(gameDetailsView({ price: 10 }).price).toBe('$10');
  });
});
