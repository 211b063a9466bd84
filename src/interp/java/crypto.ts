// The cryptography OAuth 1 apps sign their requests with and connect apps hash with:
// javax.crypto.Mac keyed by a javax.crypto.spec.SecretKeySpec, java.security.MessageDigest, and
// commons-codec's Base64 statics. Node's crypto computes the same bytes as the JVM's providers.
// A Mac or a MessageDigest keeps its algorithm, its key and the bytes given so far in its `id`
// ("algorithm|key hex|data hex"), so the app state copies and compares it as any mutable object.
import { createHash, createHmac } from 'node:crypto';
import { GroovyError } from '../errors.js';
import { bufferOf, javaBytes } from '../gdk/support.js';
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import { toStr } from '../operators.js';
import { noteMutation } from '../ownership.js';
import { BuiltinObject, isNumber, type Value } from '../values.js';

/** Mac algorithms by their JCA names, as Node names their hashes. */
const MAC_HASHES: Readonly<Record<string, string>> = { HmacMD5: 'md5', HmacSHA1: 'sha1', HmacSHA256: 'sha256', HmacSHA512: 'sha512' };

/** MessageDigest algorithms by their JCA names. */
const DIGEST_HASHES: Readonly<Record<string, string>> = { MD5: 'md5', 'SHA-1': 'sha1', SHA1: 'sha1', SHA: 'sha1', 'SHA-256': 'sha256', 'SHA-512': 'sha512' };

interface CryptoState {
  algorithm: string;
  key: Buffer | null;
  data: Buffer;
}

function stateOf(o: BuiltinObject): CryptoState {
  const [algorithm, key, data] = o.id.split('|');
  return { algorithm, key: key === '-' ? null : Buffer.from(key, 'hex'), data: Buffer.from(data, 'hex') };
}

function setState(o: BuiltinObject, s: CryptoState): void {
  o.id = `${s.algorithm}|${s.key === null ? '-' : s.key.toString('hex')}|${s.data.toString('hex')}`;
  noteMutation(o);
}

/** The bytes of a byte[] argument, or of one byte (`update(byte)`). */
function bytesOf(v: Value): Buffer {
  if (Array.isArray(v)) return bufferOf(v);
  if (isNumber(v)) return bufferOf([v]);
  throw new GroovyError('MissingMethodException', `No signature of method for the argument ${toStr(v)}`);
}

function algorithmOf(table: Readonly<Record<string, string>>, name: Value): string {
  const algorithm = toStr(name);
  if (!Object.hasOwn(table, algorithm)) throw new GroovyError('NoSuchAlgorithmException', `${algorithm} not available`);
  return algorithm;
}

/** `new SecretKeySpec(keyBytes, algorithm)`: an immutable key. */
export function newSecretKey(args: Value[]): MethodResult {
  const [key = null, algorithm = null] = args;
  if (!Array.isArray(key) || args.length !== 2) return NOT_FOUND;
  return new BuiltinObject('secretKey', `${toStr(algorithm)}|${bufferOf(key).toString('hex')}|`);
}

/** `Mac.getInstance(algorithm)` and `MessageDigest.getInstance(algorithm)`. */
export function cryptoStatic(simpleClass: string, name: string, args: Value[]): MethodResult {
  if (name !== 'getInstance' || args.length !== 1) return NOT_FOUND;
  if (simpleClass === 'Mac') return new BuiltinObject('mac', `${algorithmOf(MAC_HASHES, args[0])}|-|`);
  if (simpleClass === 'MessageDigest') return new BuiltinObject('messageDigest', `${algorithmOf(DIGEST_HASHES, args[0])}|-|`);
  return NOT_FOUND;
}

/** Mac's init and doFinal; doFinal gives the code and starts over, as Java's does. */
export function macMethod(o: BuiltinObject, name: string, args: Value[]): MethodResult {
  const s = stateOf(o);
  if (name === 'init') {
    const [key = null] = args;
    if (!(key instanceof BuiltinObject && key.kind === 'secretKey')) throw new GroovyError('InvalidKeyException', 'Missing key data');
    setState(o, { ...s, key: stateOf(key).key, data: Buffer.alloc(0) });
    return null;
  }
  if (name === 'doFinal') {
    if (s.key === null) throw new GroovyError('IllegalStateException', 'MAC not initialized');
    return javaBytes(createHmac(MAC_HASHES[s.algorithm], s.key).update(finalInput(o, s, args)).digest());
  }
  return inputMethod(o, s, name, args);
}

/** MessageDigest's digest, which gives the hash and starts over, as Java's does. */
export function digestMethod(o: BuiltinObject, name: string, args: Value[]): MethodResult {
  const s = stateOf(o);
  if (name === 'digest') return javaBytes(createHash(DIGEST_HASHES[s.algorithm]).update(finalInput(o, s, args)).digest());
  return inputMethod(o, s, name, args);
}

/** The methods a Mac and a MessageDigest share: more input, starting over, the algorithm's name. */
function inputMethod(o: BuiltinObject, s: CryptoState, name: string, args: Value[]): MethodResult {
  switch (name) {
    case 'update':
      setState(o, { ...s, data: Buffer.concat([s.data, bytesOf(args[0] ?? null)]) });
      return null;
    case 'reset':
      setState(o, { ...s, data: Buffer.alloc(0) });
      return null;
    case 'getAlgorithm':
      return s.algorithm;
  }
  return NOT_FOUND;
}

/** The input of a final call: the bytes given so far and its own; the object starts over. */
function finalInput(o: BuiltinObject, s: CryptoState, args: Value[]): Buffer {
  setState(o, { ...s, data: Buffer.alloc(0) });
  return args.length ? Buffer.concat([s.data, bytesOf(args[0])]) : s.data;
}

/** commons-codec's `Base64.encodeBase64String(bytes)`, `encodeBase64(bytes)` and `decodeBase64(text | bytes)`. */
export function commonsBase64Static(name: string, args: Value[]): MethodResult {
  const [arg = null] = args;
  switch (name) {
    case 'encodeBase64String':
      return bytesOf(arg).toString('base64');
    case 'encodeBase64':
      return javaBytes(Buffer.from(bytesOf(arg).toString('base64'), 'latin1'));
    case 'decodeBase64':
      return javaBytes(Buffer.from(Array.isArray(arg) ? bufferOf(arg).toString('latin1') : toStr(arg), 'base64'));
  }
  return NOT_FOUND;
}
