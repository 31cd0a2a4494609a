import { describe, expect, it } from 'vitest';
import { ROLE_STORAGE_KEY, readStoredRole, storeRole } from './role-storage';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe("role kept in localStorage under 'role'", () => {
  it('stores and reads a role', () => {
    const storage = memoryStorage();
    storeRole(storage, 'field owner');
    expect(storage.values.get(ROLE_STORAGE_KEY)).toBe('field owner');
    expect(readStoredRole(storage)).toBe('field owner');
  });

  it('removes the entry when the role is empty', () => {
    const storage = memoryStorage();
    storeRole(storage, 'admin');
    storeRole(storage, '');
    expect(storage.values.has(ROLE_STORAGE_KEY)).toBe(false);
    storeRole(storage, 'captain');
    storeRole(storage, undefined);
    expect(storage.values.has(ROLE_STORAGE_KEY)).toBe(false);
  });

  it('ignores a stored value that is not a role', () => {
    const storage = memoryStorage();
    storage.setItem(ROLE_STORAGE_KEY, 'superuser');
    expect(readStoredRole(storage)).toBeUndefined();
  });
});
