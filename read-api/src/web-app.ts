import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built single-page app, and its index page for every client-side route
 * (/profile, /game-details/42, ...), so a reload on any page works.
 */
export function webAppRoutes(distDir: string): Router {
  const router = Router();
  const index = path.join(distDir, 'index.html');
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get(/^\/(?!api\/|socket\.io\/).*/, (_req, res, next) => {
    if (!existsSync(index)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
