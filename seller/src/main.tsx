import { mountConsole } from '@market/console-kit';
import { App } from './App.tsx';

mountConsole(<App />);
