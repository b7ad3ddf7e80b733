/** Texts of the sign-in page (Login and Register), added when its chunk loads (see ../lazy.ts). */
const en = {
  signInTitle: 'Sign In',
  registerTitle: 'Create an Account',
  intro: 'Sign in to manage your events, or create an account to get started.',
  loginTab: 'Login',
  registerTab: 'Register',
  emailOrUsername: 'Email or Username',
  password: 'Password',
  username: 'Username',
  email: 'Email',
  fullName: 'Full Name',
  confirmPassword: 'Confirm Password',
  accountType: 'Account Type',
  roleHint: {
    guest: 'Share memories at events',
    customer: 'Host an event and manage its wall',
    service_provider: 'Create and run events for your clients',
  },
  passwordHint: {
    guest: 'At least 6 characters.',
    customer: 'Exactly 6 digits.',
    service_provider: 'At least 8 letters and digits.',
  },
  login: 'Login',
  loggingIn: 'Signing in...',
  register: 'Register',
  registering: 'Creating account...',
  loginSuccess: 'Login successful',
  welcomeBack: 'Welcome back, {{username}}!',
  loginFailed: 'Login failed',
  registerSuccess: 'Registration successful',
  registerWelcome: 'Welcome, {{username}}!',
  registerFailed: 'Registration failed',
};

export type AuthTexts = typeof en;

const zh: AuthTexts = {
  signInTitle: '登录',
  registerTitle: '创建账户',
  intro: '登录以管理您的活动，或创建账户开始使用。',
  loginTab: '登录',
  registerTab: '注册',
  emailOrUsername: '邮箱或用户名',
  password: '密码',
  username: '用户名',
  email: '邮箱',
  fullName: '姓名',
  confirmPassword: '确认密码',
  accountType: '账户类型',
  roleHint: {
    guest: '在活动中分享回忆',
    customer: '主办活动并管理回忆墙',
    service_provider: '为客户创建和运营活动',
  },
  passwordHint: {
    guest: '至少 6 个字符。',
    customer: '6 位数字。',
    service_provider: '至少 8 位字母和数字。',
  },
  login: '登录',
  loggingIn: '登录中...',
  register: '注册',
  registering: '正在创建账户...',
  loginSuccess: '登录成功',
  welcomeBack: '欢迎回来，{{username}}！',
  loginFailed: '登录失败',
  registerSuccess: '注册成功',
  registerWelcome: '欢迎，{{username}}！',
  registerFailed: '注册失败',
};

export const authTexts = { en, zh };
