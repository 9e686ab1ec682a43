import { defineConsoleViteConfig } from '@market/console-kit/vite-config';

export default defineConsoleViteConfig({ base: '/seller/', port: 5175 });
