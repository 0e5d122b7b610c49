import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // A static export: any web server or CDN serves the app; apps/server serves it in production.
  output: 'export',
  reactStrictMode: true,
  poweredByHeader: false,
  images: { unoptimized: true },
  // The build must not reach the network (fonts, telemetry): the machine it runs on may not.
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
