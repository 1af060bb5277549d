import { defineConfig } from 'vitest/config';
import { webTestConfig } from './vitest.config.ts';

// The web test files that replace one of the app's modules, each in a module graph of its own.
export default defineConfig(webTestConfig(true));
