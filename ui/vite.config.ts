/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { cpSync, existsSync, mkdirSync, createReadStream, statSync } from 'node:fs';
import { join, resolve, normalize } from 'node:path';

/** The card faces live in the repository's `assets/cards/<style>/`; they are
 *  served at `/cards/...` in dev and copied to `dist/cards/` by the build, so
 *  no copy is ever committed under `ui/`. */
const CARDS_DIR = fileURLToPath(new URL('../assets/cards', import.meta.url));

function cardAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'briscola-card-assets',
    configResolved(cfg) {
      outDir = resolve(cfg.root, cfg.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/cards', (req, res, next) => {
        const rel = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^([/\\])+/, '');
        const file = join(CARDS_DIR, rel);
        if (!file.startsWith(CARDS_DIR) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('Content-Type', file.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    writeBundle() {
      const dest = join(outDir, 'cards');
      mkdirSync(dest, { recursive: true });
      if (existsSync(CARDS_DIR)) cpSync(CARDS_DIR, dest, { recursive: true });
    },
  };
}

export default defineConfig({
  plugins: [svelte(), cardAssets()],
  base: './',
  clearScreen: false,
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: ['es2021', 'safari15'],
    assetsInlineLimit: 0,
    // Keep CSS in files: Tauri's CSP adds nonces to style-src.
    cssCodeSplit: false,
  },
  resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
  },
});
