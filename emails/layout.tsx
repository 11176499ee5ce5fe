import { Body, Container, Head, Html, Preview, Section, Text, Link, Hr } from "@react-email/components";
import type { ReactNode } from "react";

/** The frame every email shares: a preview line, the content, and a link to the notification settings. */
export function EmailLayout({ preview, siteUrl, children }: { preview: string; siteUrl: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ fontFamily: "Georgia, serif", backgroundColor: "#f6f3ea", color: "#222" }}>
        <Container style={{ maxWidth: 560, padding: "16px 24px", backgroundColor: "#fff" }}>
          <Text style={{ fontSize: 18, fontWeight: "bold" }}>Courier Variants</Text>
          <Section>{children}</Section>
          <Hr />
          <Text style={{ fontSize: 12, color: "#666" }}>
            You get this email because of your notification settings.{" "}
            <Link href={`${siteUrl}/settings`}>Change or turn off notifications</Link>.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const buttonStyle = {
  display: "inline-block",
  padding: "10px 18px",
  backgroundColor: "#2f5d50",
  color: "#fff",
  borderRadius: 4,
  textDecoration: "none",
} as const;
