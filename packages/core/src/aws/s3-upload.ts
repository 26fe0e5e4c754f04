/* lib-storage's Upload (an object sent in parts), apart from the S3 client so only the writers of large objects load it. */
export { Upload } from "@aws-sdk/lib-storage";
