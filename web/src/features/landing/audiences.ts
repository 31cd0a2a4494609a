import { MAX_PLAYERS, MIN_PLAYERS } from '@playtime/shared/domain/games/rules';
import {
  IconBallFootball,
  IconCalendarEvent,
  IconCalendarStats,
  IconCreditCard,
  IconMapPin,
  IconPlus,
  IconShare,
  IconSoccerField,
  IconTimeline,
  IconUserCircle,
  IconUsersGroup,
  IconArrowsExchange,
  IconBuildingStadium,
  IconHandClick,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** One feature card on the landing page. */
export interface Feature {
  name: string;
  description: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

export interface Audience {
  /** Section title, as the spec names the sections. */
  title: 'Users' | 'Captains' | 'Owners';
  subtitle: string;
  features: Feature[];
}

/** The three audiences of product spec section 1, each as a grid of feature cards. */
export const AUDIENCES: Audience[] = [
  {
    title: 'Users',
    subtitle: 'Players find a game, grab a spot and play.',
    features: [
      {
        name: 'Find Nearby Games',
        description: 'Search by distance and location to see the pick-up games around you.',
        icon: IconMapPin,
      },
      {
        name: 'Join in a Few Taps',
        description: 'Pick a game, take Team 1, Team 2 or the sideline, and you are in.',
        icon: IconHandClick,
      },
      {
        name: 'Pay by Card',
        description: 'Entry fees are paid by card inside Playtime: no cash at the pitch.',
        icon: IconCreditCard,
      },
      {
        name: 'Your Player Profile',
        description: 'A personal profile with your avatar and bio to share with captains and field owners.',
        icon: IconUserCircle,
      },
    ],
  },
  {
    title: 'Captains',
    subtitle: 'Organisers run the game from booking to final whistle.',
    features: [
      {
        name: 'Create Games and Venues',
        description: `Set the name, the size (${MIN_PLAYERS} to ${MAX_PLAYERS} players) and the entry fee, and publish in minutes.`,
        icon: IconPlus,
      },
      {
        name: 'Browse and Reserve Fields',
        description: 'Search venues, see each sub-field’s free slots and book the time that suits you.',
        icon: IconSoccerField,
      },
      {
        name: 'Coordinate with Players and Owners',
        description: 'Your booking lands on the owner’s schedule and your game in players’ searches at once.',
        icon: IconCalendarEvent,
      },
      {
        name: 'Invite Players',
        description: 'Share your game with a link or a QR code so your crew can join straight away.',
        icon: IconShare,
      },
      {
        name: 'Monitor Who Joins',
        description: 'Watch the roster fill up live as players join, switch teams or leave.',
        icon: IconUsersGroup,
      },
      {
        name: 'Manage Teams',
        description: 'Move players between teams and the sideline, and substitute the longest-playing player.',
        icon: IconArrowsExchange,
      },
    ],
  },
  {
    title: 'Owners',
    subtitle: 'Field owners fill their pitches without the phone calls.',
    features: [
      {
        name: 'List Fields and Facilities',
        description: 'Add your fields with address, hourly price, pictures and sub-fields.',
        icon: IconBuildingStadium,
      },
      {
        name: 'Update Availability',
        description: 'Open and adjust time windows for every field and sub-field.',
        icon: IconCalendarStats,
      },
      {
        name: 'Schedules at a Glance',
        description: 'See every booking on a timeline the moment it is made.',
        icon: IconTimeline,
      },
      {
        name: 'Reservations by Availability',
        description: 'Captains can only book the slots you opened, so nothing is ever double-booked.',
        icon: IconBallFootball,
      },
    ],
  },
];
