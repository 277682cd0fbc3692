// Certificates' public API: «Мої сертифікати» for the progress page. Its screens (the public
// check, the console's page) are loaded lazily by path from app/.
export { MyCertificates } from './components/MyCertificates';
