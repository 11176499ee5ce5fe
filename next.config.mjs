/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and resolves files relative to itself; bundling breaks that.
  serverExternalPackages: ["@electric-sql/pglite"],
};

export default nextConfig;
