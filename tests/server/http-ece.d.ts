// Types for http_ece, the Encrypted Content-Encoding library the local push service decrypts with.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface Params {
    version?: 'aes128gcm' | 'aesgcm';
    /** The receiver's key pair (decrypt) or the sender's (encrypt). */
    privateKey?: ECDH;
    dh?: string | Buffer;
    authSecret?: string | Buffer;
    salt?: string | Buffer;
    rs?: number;
  }
  const ece: { decrypt(buffer: Buffer, params: Params): Buffer; encrypt(buffer: Buffer, params: Params): Buffer };
  export default ece;
}
