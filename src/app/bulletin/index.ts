export { BulletinPage } from './BulletinPage';
