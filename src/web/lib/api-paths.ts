/**
 * The API's URLs. A read's query key starts with its URL (the default query function
 * fetches queryKey[0]), so these double as query keys: `useQuery({ queryKey: [API.collections] })`.
 */
export const API = {
  user: '/api/user',
  login: '/api/login',
  logout: '/api/logout',
  register: '/api/register',
  userUpdate: '/api/user/update',
  loanReminders: '/api/user/loan-reminders',
  userPassword: '/api/user/password',
  collections: '/api/collections',
  albums: '/api/albums',
  coverArt: '/api/cover-art',
  coverArtUpload: '/api/cover-art/upload',
  exportAlbums: '/api/export/albums',
  shared: '/api/shared',
  analytics: '/api/analytics',
  subscription: '/api/subscription',
  recordStores: '/api/record-stores',
  mapConfig: '/api/map-config',
  wishlist: '/api/wishlist',
} as const;

export const QUERY_KEYS = {
  user: [API.user],
  collections: [API.collections],
  albums: [API.albums],
} as const;
