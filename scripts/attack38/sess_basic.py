import sys; sys.path.insert(0, '/work/attack38/scripts'); from lib import *
CAROL, ROOT, BOT = ENV['carol'], ENV['root1'], ENV['bot']
# sign in on server A, use the cookie on B
s, j, ck = req(18091, 'POST', '/console/session', {'token': CAROL}); print('signin', s, j, ck)
cookie = ck.split(';')[0]; csrf = j['csrf']
print('GET session on B', req(18092, 'GET', '/console/session', cookie=cookie)[:2])
# agent token sign-in
print('agent signin', req(18091, 'POST', '/console/session', {'token': BOT})[:2])
# wrong token
print('bad token signin', req(18091, 'POST', '/console/session', {'token': 'fe_' + '0'*64})[:2])
# sign out on A; replay cookie on B
print('signout A', req(18091, 'DELETE', '/console/session', cookie=cookie, csrf=csrf)[:2])
print('replay cookie on B GET', req(18092, 'GET', '/console/session', cookie=cookie)[:2])
print('replay cookie on B GET approvals', req(18092, 'GET', '/v1/approvals', cookie=cookie)[:2][0])
print('replay cookie on B kill-switch write', req(18092, 'POST', '/v1/approvals/1/reject', {'why':'x'}, cookie=cookie, csrf=csrf)[:2])
print('signout again', req(18092, 'DELETE', '/console/session', cookie=cookie, csrf=csrf)[:2])
# sign in twice, cookie as bearer?
s, j, ck = req(18091, 'POST', '/console/session', {'token': CAROL}); cookie = ck.split(';')[0]
val = cookie.split('=',1)[1]
print('cookie value as bearer', req(18091, 'GET', '/v1/me', token=val)[:2])
print('session with no csrf write', req(18091, 'POST', '/v1/approvals/1/reject', {'why':'x'}, cookie=cookie)[:2])
