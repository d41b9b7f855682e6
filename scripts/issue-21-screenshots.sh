#!/usr/bin/env bash
# Issue 21's screenshots: runs the browser tests that walk each fixed screen with SCREENSHOT_DIR set,
# so each saves <item>-<screen>-375.png and -1280.png (Chromium, device scale factor 1) into
# docs/screenshots/issue-21/. CI never sets SCREENSHOT_DIR, so it shoots nothing.
#
#   bash scripts/issue-21-screenshots.sh            # build first, then every file below
#   bash scripts/issue-21-screenshots.sh suppliers  # only tests/e2e/suppliers.test.ts (no build)
set -euo pipefail
cd "$(dirname "$0")/.."
out="$PWD/docs/screenshots/issue-21"
mkdir -p "$out"

files=(
  section-links     # 1, 2: /bulk-orders at the contact section
  product-search    # 3: pictures served by the site
  visitor-screens   # 4, 5, 6, 17: /shop-now, chat, /pricing, /products/sanmar, toasts
  subscriptions     # 7: the cancel confirmation
  admin-paths       # 8, 9, 12, 13, 15: FAQs, sync not configured, outbox, conversations, field errors
  product-data-sync # 9: a finished sync's figures
  suppliers         # 10: SanMar errors with the supplier's reason
  knowledge-base    # 11: crawl progress, end and failure
  security          # 14: the sign-in lockout message
)
if [ $# -gt 0 ]; then
  files=("$@")
else
  npm run build
fi

for file in "${files[@]}"; do
  SCREENSHOT_DIR="$out" npx vitest run --config vitest.e2e.config.ts "tests/e2e/$file.test.ts"
done
ls -l "$out"
