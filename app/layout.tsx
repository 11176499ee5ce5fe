import type { ReactNode } from "react";

export const metadata = {
  title: "Courier Variants",
  description: "Correspondence chess variants: play slow games by email.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
