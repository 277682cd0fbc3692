// «Мої дані»: the profile's export and deletion section. The public privacy notice
// (components/PrivacyPage) is loaded lazily by path from app/.
export { MyDataSection } from './components/MyDataSection';
