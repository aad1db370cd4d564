import os
import sys