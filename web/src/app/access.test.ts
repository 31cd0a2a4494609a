import { describe, expect, it } from 'vitest';
import type { Role } from '../lib/current-user';
import { ROUTE_ROLES, guardDecision, navLinksFor } from './access';

const labels = (role: Role | undefined) => navLinksFor(role).map((link) => link.label);

describe('navigation gating (spec §6, DESIGN §4)', () => {
  it('shows visitors no links', () => {
    expect(labels(undefined)).toEqual([]);
  });

  it('gives each role its links', () => {
    expect(labels('player')).toEqual(['Search', 'Profile']);
    expect(labels('captain')).toEqual(['Search', 'Organize', 'Profile']);
    expect(labels('field owner')).toEqual(['Field Management', 'Profile']);
    expect(labels('admin')).toEqual(['Search', 'Organize', 'Field Management', 'Profile', 'Admin']);
  });

  it('points Organize at the organizer games and Field Management at /FieldOwner', () => {
    const admin = navLinksFor('admin');
    expect(admin.find((link) => link.label === 'Organize')?.to).toBe('/organize/games');
    expect(admin.find((link) => link.label === 'Field Management')?.to).toBe('/FieldOwner');
  });
});

describe('route guard', () => {
  const allowedRoles = ROUTE_ROLES.admin;

  it('shows Loading... while authentication loads', () => {
    expect(guardDecision({ isLoading: true, isAuthenticated: false, role: undefined, allowedRoles })).toBe('loading');
  });

  it('sends visitors to /', () => {
    expect(guardDecision({ isLoading: false, isAuthenticated: false, role: undefined, allowedRoles })).toBe('redirect');
  });

  it('shows Loading... while a logged-in user has no role yet', () => {
    expect(guardDecision({ isLoading: false, isAuthenticated: true, role: undefined, allowedRoles })).toBe('loading');
  });

  it('sends a role that is not allowed to /, and lets an allowed one in', () => {
    expect(guardDecision({ isLoading: false, isAuthenticated: true, role: 'player', allowedRoles })).toBe('redirect');
    expect(guardDecision({ isLoading: false, isAuthenticated: true, role: 'admin', allowedRoles })).toBe('allow');
  });

  it('uses the DESIGN readings for /organize, /profile and /search', () => {
    expect([...ROUTE_ROLES.organize].sort()).toEqual(['admin', 'captain']);
    expect([...ROUTE_ROLES.profile].sort()).toEqual(['admin', 'captain', 'field owner', 'player']);
    expect([...ROUTE_ROLES.search].sort()).toEqual(['admin', 'captain', 'player']);
    expect([...ROUTE_ROLES.fieldOwner].sort()).toEqual(['admin', 'field owner']);
  });
});
