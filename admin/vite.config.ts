import { defineConsoleViteConfig } from '@market/console-kit/vite-config';

export default defineConsoleViteConfig({ base: '/admin/', port: 5174 });
