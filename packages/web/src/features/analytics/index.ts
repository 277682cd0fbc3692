// Wave analytics' public API: the console's screen (app/AdminScreens.tsx puts it under «Аналітика»).
export { default as WaveAnalyticsPage } from './admin/WaveAnalyticsPage';
