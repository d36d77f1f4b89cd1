// Every endpoint lives under /oauth so the site keeps the rest of the URL space (issuer = site root).
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  jwks: '/oauth/jwks',
  revocation: '/oauth/revoke',
  introspection: '/oauth/introspect',
  pushed_authorization_request: '/oauth/par', // PAR is off; routed anyway so nothing lands outside /oauth
  end_session: '/oauth/logout',
  userinfo: '/oauth/userinfo',
  code_verification: '/oauth/device',
  device_authorization: '/oauth/device/auth',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
  credential: '/oauth/credential',
} as const;
