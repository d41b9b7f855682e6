/** The stored SEO fields of one page, as page_seo_settings holds them. */
export interface PageSeoRecord {
  title: string;
  metaDescription: string | null;
  metaKeywords: string[];
  ogTitle: string | null;
  ogDescription: string | null;
  ogImageUrl: string | null;
  twitterTitle: string | null;
  twitterDescription: string | null;
  twitterImageUrl: string | null;
  canonicalUrl: string | null;
}

export interface HeadTags {
  title: string;
  description?: string;
  keywords?: string;
  canonical: string;
  og: { title: string; description?: string; url: string; image?: string; type: "website" };
  twitter: { card: "summary_large_image"; title: string; description?: string; image?: string };
}

const present = (value: string | null | undefined) => (value?.trim() ? value : undefined);

/**
 * The head of a public page. A stored record wins, with the fallbacks of the admin
 * specification §4; without one, the page's own defaults are used.
 */
export function resolveHeadTags(
  record: PageSeoRecord | null,
  defaults: { title: string; description?: string },
  currentUrl: string,
): HeadTags {
  const title = present(record?.title) ?? defaults.title;
  const description = record ? present(record.metaDescription) : defaults.description;
  const canonical = present(record?.canonicalUrl) ?? currentUrl;
  const ogTitle = present(record?.ogTitle) ?? title;
  const ogDescription = present(record?.ogDescription) ?? description;
  const ogImage = present(record?.ogImageUrl);
  const keywords = record?.metaKeywords
    .map((k) => k.trim())
    .filter(Boolean)
    .join(", ");
  return {
    title,
    description,
    keywords: keywords || undefined,
    canonical,
    og: {
      title: ogTitle,
      description: ogDescription,
      url: canonical,
      image: ogImage,
      type: "website",
    },
    twitter: {
      card: "summary_large_image",
      title: present(record?.twitterTitle) ?? ogTitle,
      description: present(record?.twitterDescription) ?? ogDescription,
      image: present(record?.twitterImageUrl) ?? ogImage,
    },
  };
}
