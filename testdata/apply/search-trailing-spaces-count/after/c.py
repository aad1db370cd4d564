x = 3
y = 4

x = 3
y = 4
