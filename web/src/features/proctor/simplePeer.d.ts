// The prebuilt browser bundle carries its own `process`/`Buffer` shims, which Vite does not provide.
declare module 'simple-peer/simplepeer.min.js' {
  import SimplePeer from 'simple-peer';
  export default SimplePeer;
}
