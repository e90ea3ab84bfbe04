/** The signed-in part of the app (react-admin and MUI) as one lazily loaded chunk. */
export const loadAdminApp = () => import('./AdminApp');
