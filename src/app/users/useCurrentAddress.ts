import { useGetOne } from 'react-admin';

export interface CurrentAddress {
  id: 'current-address';
  address: string;
  restricted: boolean;
  allowed: boolean;
}

/** The caller's address as the server sees it, and whether the company's ranges let it in (read again on refresh). */
export function useCurrentAddress() {
  return useGetOne<CurrentAddress>('ipranges', { id: 'current-address' });
}
