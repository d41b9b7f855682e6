/**
 * The AWS SDK (about 25 MB once loaded), imported only by an instance that uses a bucket: the
 * factories below are sync and the SDK arrives with the first call (docs/performance.md, memory).
 */
export const loadS3Sdk = () => import("@aws-sdk/client-s3");
