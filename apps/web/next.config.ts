import type { NextConfig } from 'next';
import packageJson from './package.json' with { type: 'json' };

const nextConfig: NextConfig = {
  // A static export: any web server or CDN serves the app; apps/server serves it in production.
  output: 'export',
  reactStrictMode: true,
  poweredByHeader: false,
  images: { unoptimized: true },
  // The build must not reach the network (fonts, telemetry): the machine it runs on may not.
  // Types are checked once, by the typecheck task (`tsc --noEmit`, run by the test command),
  // not a second time inside every build.
  typescript: { ignoreBuildErrors: true },
  // Inkstone's version, read from package.json at build time, for the about dialog. Only this
  // string reaches the bundle, not the rest of package.json.
  env: { INKSTONE_VERSION: packageJson.version },
};

export default nextConfig;
